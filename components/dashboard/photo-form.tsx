'use client';

import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { $fetch } from 'ofetch';
import { firebaseAuth } from '@/lib/firebase/client';
import type { ClientFirebaseConfig } from '@/lib/firebase/config';
import { currentUser } from '@/lib/client/account';
import { refreshServerSession } from '@/lib/client/session';
import { flashToast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { describeAuthError, type AuthErrorMessages } from '@/lib/client/auth-error';
import type { Messages } from '@/lib/i18n/slices';

const MAX_BYTES = 2 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

type Props = {
  config: ClientFirebaseConfig;
  locale: string;
  labels: Messages['Dashboard']['profile']['photo'];
  errors: AuthErrorMessages;
  hasPhoto: boolean;
  /** The current avatar, rendered on the server. */
  current: ReactNode;
};

/** Upload or remove the profile photo; the server checks and resizes it, the browser only previews. */
export function PhotoForm({ config, locale, labels, errors, hasPhoto, current }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function after(change: () => Promise<unknown>, message: string) {
    setBusy(true);
    setError(null);
    try {
      await change();
      const user = await currentUser(firebaseAuth(config, locale));
      await user.reload();
      await refreshServerSession(user);
      flashToast('success', message);
      window.location.reload();
    } catch (caught) {
      setError(describeAuthError(caught, errors));
      setBusy(false);
    }
  }

  function onChoose(file: File | undefined) {
    setError(null);
    setPreview(null);
    if (!file) return;
    // The same checks as the server's, for an answer before the upload; the server decides.
    if (!TYPES.includes(file.type)) return setError(labels.notImage);
    if (file.size > MAX_BYTES) return setError(labels.tooLarge);
    setPreview(URL.createObjectURL(file));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    void after(() => $fetch('/api/profile/photo', { method: 'POST', body }), labels.saved);
  }

  return (
    <Card title={labels.title} titleId="photo-title">
      <form
        onSubmit={onSubmit}
        className="flex flex-wrap items-start gap-6"
        aria-labelledby="photo-title"
        aria-busy={busy}
        noValidate
      >
        <div className="h-24 w-24 overflow-hidden rounded-full">
          {preview ? (
            // eslint-disable-next-line @next/next/no-img-element -- a local preview (blob: URL)
            <img src={preview} alt="" width={96} height={96} className="h-24 w-24 object-cover" />
          ) : (
            current
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <div className="space-y-1">
            <label htmlFor="photo" className="block text-sm font-medium text-slate-900">
              {labels.choose}
            </label>
            <input
              id="photo"
              name="photo"
              type="file"
              accept={TYPES.join(',')}
              required
              aria-describedby="photo-hint"
              onChange={(event) => onChoose(event.currentTarget.files?.[0])}
              className="block w-full text-sm text-slate-900 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:font-semibold"
            />
            <p id="photo-hint" className="text-sm text-slate-600">
              {labels.hint}
            </p>
          </div>
          <FormError message={error} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy || !preview}>
              {labels.upload}
            </Button>
            {hasPhoto && (
              <Button
                type="button"
                variant="secondary"
                disabled={busy}
                onClick={() => void after(() => $fetch('/api/profile/photo', { method: 'DELETE' }), labels.removed)}
              >
                {labels.remove}
              </Button>
            )}
          </div>
        </div>
      </form>
    </Card>
  );
}
