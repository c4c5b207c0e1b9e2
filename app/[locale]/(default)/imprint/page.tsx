import { legalRoute } from '@/components/legal/legal-page';

// Prerendered for en and de only; any other locale is a 404 (see the landing page).
export const dynamicParams = false;

const route = legalRoute('imprint');
export const generateMetadata = route.generateMetadata;
export default route.Page;
