import { domainToASCII } from 'node:url';
import type { DomainCategory } from '../../shared/api';

// The documented domain tables behind a citation's source_metadata and its source_authority factor
// (service/search/README.md). Heuristic: a category says what kind of publisher a domain is, never
// whether a given document is right.

/** source_authority (0..100) per domain category. */
export const AUTHORITY: Readonly<Record<DomainCategory, number>> = {
  government: 90,
  academic: 85,
  encyclopedia: 70,
  news: 70,
  organization: 60,
  other: 40,
  social: 20,
};

/** The pseudo-domain of a source registered without a URL (a file from the fact-checker's own disk). */
export const LOCAL_DOMAIN = 'local';

const GOVERNMENT_SUFFIXES = [
  'gov',
  'mil',
  'gov.uk',
  'gouv.fr',
  'gv.at',
  'gob.es',
  'gov.au',
  'gc.ca',
  'gov.in',
];
const GOVERNMENT_DOMAINS = [
  'europa.eu',
  'un.org',
  'who.int',
  'imf.org',
  'worldbank.org',
  'oecd.org',
  'bund.de',
  'destatis.de',
  'ons.gov.uk',
  'insee.fr',
];
const ACADEMIC_SUFFIXES = ['edu', 'ac.uk', 'ac.jp', 'ac.nz', 'ac.za', 'edu.au'];
const ACADEMIC_DOMAINS = [
  'arxiv.org',
  'nature.com',
  'sciencedirect.com',
  'jstor.org',
  'ssrn.com',
  'nber.org',
];
const ENCYCLOPEDIA_DOMAINS = ['wikipedia.org', 'britannica.com', 'wikidata.org'];
const NEWS_DOMAINS = [
  'reuters.com',
  'apnews.com',
  'bbc.co.uk',
  'bbc.com',
  'nytimes.com',
  'washingtonpost.com',
  'theguardian.com',
  'ft.com',
  'wsj.com',
  'bloomberg.com',
  'economist.com',
  'lemonde.fr',
  'spiegel.de',
  'elpais.com',
  'aljazeera.com',
  'npr.org',
  'cnn.com',
];
const SOCIAL_DOMAINS = [
  'reddit.com',
  'twitter.com',
  'x.com',
  'facebook.com',
  'instagram.com',
  'tiktok.com',
  'youtube.com',
  'linkedin.com',
  'threads.net',
  'bsky.app',
  'mastodon.social',
  'medium.com',
  'substack.com',
];
/** Fact-checking organisations (signatories of the IFCN code and peers). */
const FACT_CHECK_DOMAINS = [
  'snopes.com',
  'politifact.com',
  'factcheck.org',
  'fullfact.org',
  'africacheck.org',
  'chequeado.com',
  'correctiv.org',
  'maldita.es',
  'newtral.es',
  'leadstories.com',
  'factcheck.afp.com',
  'healthfeedback.org',
  'sciencefeedback.co',
];

/** `domain` is itself or a subdomain of `parent`. */
export function within(domain: string, parent: string): boolean {
  return domain === parent || domain.endsWith(`.${parent}`);
}

function endsWithLabel(domain: string, suffixes: readonly string[]): boolean {
  return suffixes.some((suffix) => within(domain, suffix) && domain !== suffix);
}

export function domainCategory(domain: string): DomainCategory {
  if (domain === LOCAL_DOMAIN) return 'other';
  if (endsWithLabel(domain, GOVERNMENT_SUFFIXES) || GOVERNMENT_DOMAINS.some((d) => within(domain, d)))
    return 'government';
  if (endsWithLabel(domain, ACADEMIC_SUFFIXES) || ACADEMIC_DOMAINS.some((d) => within(domain, d)))
    return 'academic';
  if (ENCYCLOPEDIA_DOMAINS.some((d) => within(domain, d))) return 'encyclopedia';
  if (NEWS_DOMAINS.some((d) => within(domain, d))) return 'news';
  if (SOCIAL_DOMAINS.some((d) => within(domain, d))) return 'social';
  if (FACT_CHECK_DOMAINS.some((d) => within(domain, d))) return 'organization';
  if (domain.endsWith('.org') || domain.endsWith('.int') || domain.endsWith('.ngo')) return 'organization';
  return 'other';
}

export function isFactCheckSite(domain: string): boolean {
  return FACT_CHECK_DOMAINS.some((d) => within(domain, d));
}

/**
 * A `filters.domain` entry in one of its accepted forms: a bare host name (`ons.gov.uk`), with or without
 * `www.`, any case, an optional trailing dot, Unicode or punycode. Anything else (a URL, a path, a port, a wildcard, spaces)
 * is not a domain: null.
 */
export function normaliseDomainFilter(entry: string): string | null {
  let domain = entry.trim().toLowerCase();
  if (domain.endsWith('.')) domain = domain.slice(0, -1);
  if (domain.startsWith('www.')) domain = domain.slice(4);
  // An internationalised name is compared in the ASCII form URLs give hosts (münchen.de → xn--mnchen-3ya.de).
  if (/[^\p{ASCII}]/u.test(domain) && !/[\s/:*@?#]/.test(domain)) domain = domainToASCII(domain);
  if (domain.length === 0 || domain.length > 253) return null;
  const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
  const labels = domain.split('.');
  if (labels.length < 1 || !labels.every((l) => label.test(l) || /^xn--[a-z0-9-]+$/.test(l))) return null;
  return domain;
}
