import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { CONTENT_LIMITS } from '#shared/schemas/content';
import { MAX_VOICE_POSTS } from '#shared/schemas/generation';
import { useId } from 'react';

export type PostListFieldProps = {
  label: string;
  description: string;
  errorText?: string;
  posts: string[];
  onChange: (posts: string[]) => void;
  itemLabel: (n: number) => string;
  removeLabel: (n: number) => string;
  addLabel: string;
  /** The posts a brand's voice is drawn from keep one box; a draft's example posts may all go. */
  keepOne?: boolean;
  emptyText?: string;
};

/**
 * Up to 4 posts, each in its own labelled box that can be removed. A group, not one FormField: a FormField's label
 * would name every box alike ("Example posts"), so a screen reader could not tell them apart.
 */
export const PostListField = ({ label, description, errorText, posts, onChange, itemLabel, removeLabel, addLabel, keepOne, emptyText }: PostListFieldProps) => {
  const id = useId();
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-description`}>
      <SpaceBetween size="xs">
        <div>
          <Box variant="awsui-key-label" id={`${id}-label`}>
            {label}
          </Box>
          <Box variant="small" color="text-body-secondary" id={`${id}-description`}>
            {description}
          </Box>
        </div>
        {posts.map((post, index) => (
          <FormField key={index} label={itemLabel(index + 1)}>
            <SpaceBetween size="xxs">
              <Textarea value={post} rows={3} onChange={({ detail }) => onChange(posts.map((p, i) => (i === index ? detail.value.slice(0, CONTENT_LIMITS.examplePost) : p)))} />
              {(!keepOne || posts.length > 1) && (
                <Button variant="inline-link" onClick={() => onChange(posts.filter((_, i) => i !== index))}>
                  {removeLabel(index + 1)}
                </Button>
              )}
            </SpaceBetween>
          </FormField>
        ))}
        {posts.length === 0 && emptyText && (
          <Box variant="small" color="text-body-secondary">
            {emptyText}
          </Box>
        )}
        {errorText && <StatusIndicator type="error">{errorText}</StatusIndicator>}
        <Button iconName="add-plus" disabled={posts.length >= MAX_VOICE_POSTS} onClick={() => onChange([...posts, ''])}>
          {addLabel}
        </Button>
      </SpaceBetween>
    </div>
  );
};
