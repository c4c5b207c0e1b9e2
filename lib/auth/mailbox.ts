import 'server-only';
import { z } from 'zod';
import { env } from '@/lib/env';
import { IdentityUnavailable } from '@/lib/firebase/availability';
import { IDENTITY_DEADLINE_MS } from '@/lib/firebase/deadline.mjs';

const MAILBOX_ACTIONS = {
  VERIFY_EMAIL: 'verifyEmail',
  PASSWORD_RESET: 'resetPassword',
  VERIFY_AND_CHANGE_EMAIL: 'verifyAndChangeEmail',
} as const;

const answerSchema = z.object({
  oobCodes: z
    .array(
      z.object({
        email: z.string(),
        oobCode: z.string(),
        requestType: z.string(),
        newEmail: z.string().optional(),
        oobLink: z.string().optional(),
      }),
    )
    .default([]),
});

export type MailboxMessage = {
  email: string;
  newEmail?: string;
  /** The `mode` of the e-mail action link, as the /verify-email page handles it. */
  mode: (typeof MAILBOX_ACTIONS)[keyof typeof MAILBOX_ACTIONS];
  oobCode: string;
  /** Where the link leads on afterwards (the sign-up's `redirect`), as a real project's link carries it. */
  continueUrl?: string;
};

/** The `continueUrl` of the emulator's link, if any; the /verify-email page checks it before it follows it. */
function continueOf(oobLink: string | undefined): Pick<MailboxMessage, 'continueUrl'> {
  const continueUrl = oobLink && URL.canParse(oobLink) ? new URL(oobLink).searchParams.get('continueUrl') : null;
  return continueUrl ? { continueUrl } : {};
}

/** True only in local mode: a real project sends real e-mails, and there is no mailbox. */
export function mailboxAvailable(): boolean {
  return env.firebase.mode === 'emulator' && env.firebase.emulatorHost !== null;
}

/** The e-mails the Auth emulator would have sent (verification, password reset, e-mail change), newest first. */
export async function listMailbox(): Promise<MailboxMessage[]> {
  const { emulatorHost, projectId } = env.firebase;
  // The emulator not answering within the deadline, the answer or its body: the translated unavailable page.
  const unavailable = (): never => {
    throw new IdentityUnavailable();
  };
  const response = await fetch(`http://${emulatorHost}/emulator/v1/projects/${projectId}/oobCodes`, {
    cache: 'no-store',
    signal: AbortSignal.timeout(IDENTITY_DEADLINE_MS),
  }).catch(unavailable);
  if (!response.ok) throw new Error(`mailbox: ${response.status}`);
  const { oobCodes } = answerSchema.parse(await response.json().catch(unavailable));
  return oobCodes
    .filter((code) => code.requestType in MAILBOX_ACTIONS)
    .map((code) => ({
      email: code.email,
      ...(code.newEmail && { newEmail: code.newEmail }),
      mode: MAILBOX_ACTIONS[code.requestType as keyof typeof MAILBOX_ACTIONS],
      oobCode: code.oobCode,
      ...continueOf(code.oobLink),
    }))
    .reverse();
}
