// The journey pages (spec 3 §2.3, §4.3): fact find, automated personal advice, robo advice.
export { journeyRoutes, JOURNEY_ROUTES } from './journey-routes';
