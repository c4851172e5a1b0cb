import { splitMentions } from '#shared/mentions';
import { memberName } from '../../tasks/task-labels';
import { useWorkspaceStore } from '../../workspaces/workspace-store';

/**
 * A comment's text with each mention as a name chip: the person's current name on the team, else the name written
 * when they were mentioned (someone who left).
 */
export const CommentText = ({ text }: { text: string }) => {
  const team = useWorkspaceStore((state) => state.team);
  const nameOf = (userId: string, written: string) => {
    const member = team.find((candidate) => candidate.uid === userId);
    return member ? memberName(member) : written;
  };
  return (
    <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {splitMentions(text).map((part, index) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <span key={index} data-testid="mention-chip" data-user-id={part.userId} style={chipStyle}>
            @{nameOf(part.userId, part.name)}
          </span>
        ),
      )}
    </div>
  );
};

const chipStyle = {
  display: 'inline-block',
  padding: '0 6px',
  borderRadius: 10,
  background: '#d1f1ff',
  color: '#002b66',
  fontWeight: 700,
} as const;
