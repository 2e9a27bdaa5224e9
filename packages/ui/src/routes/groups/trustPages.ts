// The public side of trust: guide pages, the takedown form and the transparency report.
export { ImageRulesPage, RemovalGuidelinesPage, ReportIllegalContentPage } from '../../trust/GuidePages';
export { TakedownConfirmPage, TakedownRequestPage } from '../../trust/TakedownRequestPage';
export { TransparencyPage } from '../../trust/TransparencyPage';
