import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/routing';
import { clientFirebaseConfig } from '@/lib/firebase/config';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { AccountForms } from '@/components/dashboard/account-forms';
import { authErrorMessages } from '@/lib/auth/error-messages';
import { PhotoForm } from '@/components/dashboard/photo-form';
import { Avatar } from '@/components/ui/avatar';
import { requireUser } from '@/lib/session/require-user';
import { findPhoto } from '@/lib/avatar/photo';
import { withErrorPage } from '@/lib/errors/page-boundary';

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/profile'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'profile');
}

export default withErrorPage(async function ProfilePage({ params }: PageProps<'/[locale]/dashboard/profile'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('Dashboard.profile');
  const user = await requireUser();
  const [errors, photo] = await Promise.all([authErrorMessages(), findPhoto(user.uid)]);
  const photoKeys = ['title', 'choose', 'hint', 'upload', 'remove', 'saved', 'removed', 'tooLarge', 'notImage'] as const;
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="mb-6">
        <PhotoForm
          config={clientFirebaseConfig()}
          locale={locale}
          errors={errors}
          hasPhoto={photo !== null}
          current={<Avatar user={user} size={96} />}
          labels={Object.fromEntries(photoKeys.map((key) => [key, t(`photo.${key}`)])) as Record<(typeof photoKeys)[number], string>}
        />
      </div>
      <AccountForms
        config={clientFirebaseConfig()}
        locale={locale}
        homePath={localizedPath('/', locale)}
        errors={errors}
        labels={{
          identity: { title: t('identity.title'), displayName: t('identity.displayName'), save: t('identity.save'), saved: t('identity.saved') },
          email: { title: t('email.title'), newEmail: t('email.newEmail'), save: t('email.save'), sent: t('email.sent') },
          password: { title: t('password.title'), current: t('password.current'), new: t('password.new'), save: t('password.save'), saved: t('password.saved') },
          delete: { title: t('delete.title'), warning: t('delete.warning'), confirmPassword: t('delete.confirmPassword'), submit: t('delete.submit') },
        }}
      />
    </>
  );
});
