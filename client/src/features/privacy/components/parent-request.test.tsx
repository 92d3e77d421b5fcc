import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';

import ParentRequest from './parent-request.tsx';

const sent = (parentEmail: string) => ({ parentEmail, sentAt: '2026-11-23T20:00:00.000Z' });

describe("the young person's request to a parent", () => {
  it('shows where the mail went and sends it again', async () => {
    const api = stubApi()
      .on('GET', '/api/auth/consent/parent', { json: sent('mum@example.org') })
      .on('POST', '/api/auth/consent/parent/resend', { status: 202, json: sent('mum@example.org') });
    const { user } = renderWithApp(<ParentRequest ownEmail="noa@example.org" />);
    expect(await screen.findByText('mum@example.org')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send it again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('a new mail is on its way to mum@example.org');
    expect(api.calls('POST', '/api/auth/consent/parent/resend')).toHaveLength(1);
  });

  it("refuses an invalid address and the person's own before asking the server, then sends to the corrected one", async () => {
    const api = stubApi()
      .on('GET', '/api/auth/consent/parent', { json: sent('mum@exmaple.org') })
      .on('PUT', '/api/auth/consent/parent', { json: sent('mum@example.org') });
    const { user } = renderWithApp(<ParentRequest ownEmail="Noa@Example.org" />);
    await user.click(await screen.findByRole('button', { name: 'Change the address' }));
    const input = screen.getByRole('textbox', { name: "Your parent's email" });
    await user.type(input, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send to this address' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'noa@example.org');
    await user.click(screen.getByRole('button', { name: 'Send to this address' }));
    expect(await screen.findByText("Your parent's email must be different from yours")).toBeInTheDocument();
    expect(api.calls('PUT', '/api/auth/consent/parent')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'Mum@Example.org');
    await user.click(screen.getByRole('button', { name: 'Send to this address' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'we sent the mail to mum@example.org. The link sent to the old address no longer works.',
    );
    expect(api.calls('PUT', '/api/auth/consent/parent')[0]!.body).toEqual({ parentEmail: 'mum@example.org' });
    expect(screen.getByText('mum@example.org')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says when too many mails were asked for', async () => {
    stubApi()
      .on('GET', '/api/auth/consent/parent', { json: sent('mum@example.org') })
      .on('POST', '/api/auth/consent/parent/resend', apiError(429, 'RATE_LIMITED', 'Too many'));
    const { user } = renderWithApp(<ParentRequest ownEmail="noa@example.org" />);
    await user.click(await screen.findByRole('button', { name: 'Send it again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait an hour and try again.');
  });
});
