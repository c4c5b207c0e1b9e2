import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import { PageHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';

export async function generateMetadata({ params }: PageProps<'/[locale]/dashboard/profile'>): Promise<Metadata> {
  return pageMetadata((await params).locale as Locale, 'profile');
}

export default async function ProfilePage({ params }: PageProps<'/[locale]/dashboard/profile'>) {
  setRequestLocale((await params).locale as Locale);
  const t = await getTranslations('Dashboard.profile');
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <div className="space-y-6">
        <Card title={t('identity.title')} titleId="identity-title">
          <form method="post" encType="multipart/form-data" className="space-y-4">
            <TextField id="displayName" label={t('identity.displayName')} autoComplete="name" maxLength={80} />
            <TextField id="photo" type="file" accept="image/png,image/jpeg,image/webp,image/gif" label={t('identity.photo')} hint={t('identity.photoHint')} />
            <Button type="submit">{t('identity.save')}</Button>
          </form>
        </Card>
        <Card title={t('email.title')} titleId="email-title">
          <form method="post" className="space-y-4">
            <TextField id="newEmail" type="email" label={t('email.newEmail')} autoComplete="email" required />
            <Button type="submit">{t('email.save')}</Button>
          </form>
        </Card>
        <Card title={t('password.title')} titleId="password-title">
          <form method="post" className="space-y-4">
            <TextField id="currentPassword" type="password" label={t('password.current')} autoComplete="current-password" required />
            <TextField id="newPassword" type="password" label={t('password.new')} autoComplete="new-password" required />
            <Button type="submit">{t('password.save')}</Button>
          </form>
        </Card>
        <Card title={t('delete.title')} titleId="delete-title" className="border-red-200">
          <p className="mb-4 text-slate-800">{t('delete.warning')}</p>
          <form method="post" className="space-y-4">
            <TextField id="deletePassword" type="password" label={t('delete.confirmPassword')} autoComplete="current-password" required />
            <Button type="submit" variant="danger">
              {t('delete.submit')}
            </Button>
          </form>
        </Card>
      </div>
    </>
  );
}
