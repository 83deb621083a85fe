/**
 * Portfolio screens (spec 2): the dashboard and account summary today; the data layer
 * (profit analysis, time series, the dashboard's batches) and the rules are shared with the
 * analysis pages.
 */
export { DashboardPage, type DashboardPageProps } from './pages/dashboard-page';
export * from './portfolio-rules';
export * from './api/profit-analysis';
export * from './api/time-series';
export * from './api/dashboard-accounts';
export * from './api/dashboard-data';
export * from './api/typed-values';
