/** The reports feature's public face: what the shell needs to decide the navigation link. */
export { useReportTemplates } from './api/report-templates';
