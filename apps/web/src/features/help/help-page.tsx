import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { BookIcon } from '../../shared/ui/icons.tsx';
import { Page, PageHeader } from '../../shared/ui/page.tsx';
import { HelpCentre } from './help-centre.tsx';

/** /help (SH-16). */
export function HelpPage() {
  const { t } = useTypedTranslation('pages');
  return (
    <Page>
      <PageHeader icon={<BookIcon size={26} />} title={t('nav_help')} subtitle={t('help_subtitle')} />
      <HelpCentre base="/help" />
    </Page>
  );
}
