import Textarea from '@cloudscape-design/components/textarea';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../auth/auth-store';
import { memberName } from '../../tasks/task-labels';
import { useWorkspaceStore } from '../../workspaces/workspace-store';
import { insertMention, matchMentionables, mentionQueryAt, type Mentionable, type PickedMention } from '../internal/mention-draft';

export type MentionTextareaProps = {
  value: string;
  onChange: (value: string) => void;
  /** Someone picked from the list (the composer turns their `@Name` into a mention when posting). */
  onMention: (mention: PickedMention) => void;
  placeholder?: string;
  disabled?: boolean;
  controlId?: string;
  ariaDescribedby?: string;
};

/** The joined members of the workspace other than the signed-in person, by name (the server checks brand access). */
const useMentionables = (): Mentionable[] => {
  const team = useWorkspaceStore((state) => state.team);
  const me = useAuthStore((state) => state.user?.uid);
  return useMemo(
    () => team.filter((member) => member.status === 'joined' && member.uid !== me).map((member) => ({ userId: member.uid, name: memberName(member), email: member.email })),
    [team, me],
  );
};

/**
 * The comment's text with a mention picker: typing `@` and the start of a name lists the team below the box;
 * arrow keys move, Enter or Tab picks, Escape closes; a click picks too. The box keeps focus throughout and
 * points at the highlighted person (aria-activedescendant), so a screen reader reads each one.
 */
export const MentionTextarea = ({ value, onChange, onMention, placeholder, disabled, controlId, ariaDescribedby }: MentionTextareaProps) => {
  const { t } = useTranslation();
  const people = useMentionables();
  const wrapper = useRef<HTMLDivElement>(null);
  const listId = useId();
  const [query, setQuery] = useState<{ start: number; query: string }>();
  const [active, setActive] = useState(0);
  const matches = query ? matchMentionables(people, query.query) : [];
  const open = !!query;

  const textarea = () => wrapper.current?.querySelector('textarea') ?? null;

  useEffect(() => {
    const box = textarea();
    if (!box) return;
    box.setAttribute('aria-controls', listId);
    if (open && matches[active]) box.setAttribute('aria-activedescendant', `${listId}-${active}`);
    else box.removeAttribute('aria-activedescendant');
  });

  const track = (text: string) => {
    const caret = textarea()?.selectionStart ?? text.length;
    const found = mentionQueryAt(text, caret);
    setQuery(found);
    if (found?.query !== query?.query) setActive(0);
  };

  const pick = (person: Mentionable) => {
    const box = textarea();
    if (!query) return;
    const caret = box?.selectionStart ?? value.length;
    const next = insertMention(value, query.start, caret, person.name);
    onMention({ name: person.name, userId: person.userId });
    onChange(next.text);
    setQuery(undefined);
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setQuery(undefined);
    } else if (matches.length && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
    } else if (matches.length && (event.key === 'Enter' || event.key === 'Tab')) {
      event.preventDefault();
      pick(matches[Math.min(active, matches.length - 1)]!);
    }
  };

  return (
    <div ref={wrapper} onKeyDownCapture={onKeyDownCapture}>
      <Textarea
        value={value}
        rows={3}
        placeholder={placeholder}
        disabled={disabled}
        controlId={controlId}
        ariaDescribedby={ariaDescribedby}
        onChange={({ detail }) => {
          onChange(detail.value);
          track(detail.value);
        }}
        onBlur={() => setQuery(undefined)}
      />
      {open && (
        <div role="status" aria-live="polite" style={open && !matches.length ? suggestionBox : undefined}>
          {!matches.length && t('mentions.noMatch', { query: query.query })}
        </div>
      )}
      <ul id={listId} role="listbox" aria-label={t('mentions.suggestions')} hidden={!open || !matches.length} style={suggestionBox}>
        {open &&
          matches.map((person, index) => (
            <li
              key={person.userId}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              data-testid="mention-option"
              style={{ ...optionStyle, ...(index === active ? activeStyle : {}) }}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(person)}
              onMouseEnter={() => setActive(index)}
            >
              <span style={{ fontWeight: 700 }}>{person.name}</span>
              {person.name !== person.email && <span style={{ color: '#5f6b7a', marginInlineStart: 8 }}>{person.email}</span>}
            </li>
          ))}
      </ul>
    </div>
  );
};

const suggestionBox = {
  listStyle: 'none',
  margin: '4px 0 0',
  padding: 4,
  border: '1px solid #8c8c94',
  borderRadius: 8,
  background: '#ffffff',
  maxWidth: 420,
} as const;
const optionStyle = { padding: '6px 10px', borderRadius: 6, cursor: 'pointer', color: '#0f141a' } as const;
const activeStyle = { background: '#f0fbff', outline: '2px solid #006ce0', outlineOffset: -2 } as const;
