import { Button, Group, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { serverFieldErrors } from '../../lib/forms';

/**
 * The reply box of a dispute's thread (the shipper's and the accounting staff's): the message,
 * Send while it is not empty, and the server's refusal under the box; the box empties once sent.
 */
export function ReplyBox({ label, sendLabel, send }: { label: string; sendLabel: string; send: (body: string) => Promise<unknown> }) {
  const [body, setBody] = useState('');
  const reply = useMutation({ mutationFn: () => send(body), onSuccess: () => setBody('') });
  // A form, so Send is a submit: a refusal is focused and said like any form's.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body.trim()) reply.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" wrap="nowrap">
        <Textarea
          label={label}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          rows={1}
          maxLength={4000}
          style={{ flex: 1 }}
          error={reply.error ? (serverFieldErrors(reply.error).body ?? reply.error.message) : undefined}
        />
        <Button type="submit" disabled={!body.trim()} loading={reply.isPending}>
          {sendLabel}
        </Button>
      </Group>
    </form>
  );
}
