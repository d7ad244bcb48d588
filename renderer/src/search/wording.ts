import type { CredibilityBasis, DomainCategory, StanceSummary } from '../../../shared/api';

// Plain words for what the service says about a result. A claim group's stance is shown as the service
// gives it; a search makes no verdict, so nothing here reads as one.

export const BASIS_WORDING: Record<CredibilityBasis, string> = {
  measured: 'measured by the service',
  heuristic: 'estimated from the publisher’s kind of domain, not measured',
  unknown: 'the service does not say how it was reached',
};

export const CATEGORY_WORDING: Record<DomainCategory, string> = {
  government: 'Government',
  academic: 'Academic',
  news: 'News',
  organization: 'Organisation',
  encyclopedia: 'Encyclopedia',
  social: 'Social media',
  other: 'Other',
};

export const STANCE_WORDING: Record<StanceSummary, string> = {
  supported: 'The service reads these sources as supporting the query.',
  contradicted: 'The service reads these sources as contradicting the query.',
  mixed: 'The service reads these sources as pointing both ways.',
  unverifiable:
    'A search finds passages; it does not judge a claim. Read each passage and decide for yourself.',
};
