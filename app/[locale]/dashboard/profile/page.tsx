import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/routing';
import { clientFirebaseConfig } from '@/lib/firebase/config';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { AccountForms } from '@/components/dashboard/account-forms';
import { loadMessages } from '@/lib/i18n/messages';
import { PhotoForm } from '@/components/dashboard/photo-form';
import { Avatar } from '@/components/ui/avatar';
import { requireUser } from '@/lib/auth/require-user';
import { findPhoto } from '@/lib/avatar/photo';
import { withErrorPage } from '@/components/errors/page-boundary';

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/profile'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'profile');
}

export default withErrorPage(async function ProfilePage({ params }: PageProps<'/[locale]/dashboard/profile'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('Dashboard.profile');
  const user = await requireUser();
  const [{ Auth, Dashboard }, photo] = await Promise.all([loadMessages(locale), findPhoto(user.uid)]);
  const { photo: photoTexts, identity, email, password, delete: deletion } = Dashboard.profile;
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="mb-6">
        <PhotoForm
          config={clientFirebaseConfig()}
          locale={locale}
          errors={Auth.errors}
          hasPhoto={photo !== null}
          current={<Avatar user={user} size={96} />}
          labels={photoTexts}
        />
      </div>
      <AccountForms
        config={clientFirebaseConfig()}
        locale={locale}
        homePath={localizedPath('/', locale)}
        errors={Auth.errors}
        labels={{ identity, email, password, delete: deletion }}
      />
    </>
  );
});
