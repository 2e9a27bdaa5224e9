// The public route group's chunk: the landing page and what a visitor reads before signing up.
export { ComingSoonPage } from '../../pages/ComingSoonPage';
export { LandingPage } from '../../pages/LandingPage';
