import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { stubApi } from '../test/fetch-stub.ts';
import { setBuildId } from './client-errors.ts';
import { formSpec, submitHandler, useSchemaForm } from './forms.ts';

const REPORT = '/api/client-errors';
const nameForm = formSpec(z.object({ name: z.string().min(1) }), { name: 'Ada' });

function BrokenForm({ onValid }: { onValid: () => void }) {
  const form = useSchemaForm(nameForm);
  return (
    <form onSubmit={submitHandler(form.handleSubmit(onValid))}>
      <input aria-label="Name" {...form.register('name')} />
      <button type="submit">Send</button>
    </form>
  );
}

beforeEach(() => setBuildId('http://localhost/assets/index-BuildOne.js'));
afterEach(() => vi.restoreAllMocks());

describe('submitHandler', () => {
  it('tells the server when a form’s own submit code throws, instead of leaving the failure unhandled', async () => {
    const api = stubApi().on('POST', REPORT, { status: 204 });
    // Node's own event: happy-dom's window never fires `unhandledrejection`, so listening there could not fail.
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    render(
      <BrokenForm
        onValid={() => {
          throw new TypeError('the form broke');
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.calls('POST', REPORT)).toHaveLength(1));
    expect(api.calls('POST', REPORT)[0]!.body).toMatchObject({ kind: 'uncaught', message: 'TypeError: the form broke' });
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('runs the form’s submit code with its values when they are valid', async () => {
    const onValid = vi.fn();
    render(<BrokenForm onValid={onValid} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: 'Ada' }, expect.anything()));
  });
});
