// The public route group's chunk: the landing page and what a visitor reads before signing up.
export { LandingPage } from '../../pages/LandingPage';
