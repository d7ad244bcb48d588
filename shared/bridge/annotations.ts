import { z } from 'zod';
import { SearchResponse } from '../api';
import { Id } from '../api/common';

// What a person says about a document of their library, kept by the workbench beside the service's
// data (the service has no field for it): their own credibility rating with its reason, and the year of
// a document the service knows none for. The service's own score and year are never changed.

/** Named levels a person can pick instead of typing a number. */
export const CREDIBILITY_LEVELS = [
  { name: 'High', score: 80 },
  { name: 'Medium', score: 50 },
  { name: 'Low', score: 20 },
] as const;

export const MIN_RATING = 0;
export const MAX_RATING = 100;
export const MAX_RATING_REASON = 500;

export const PersonScore = z
  .number({ error: 'a rating is a whole number from 0 to 100' })
  .int('a rating is a whole number from 0 to 100')
  .min(MIN_RATING, 'a rating runs from 0 to 100')
  .max(MAX_RATING, 'a rating runs from 0 to 100');

export const DocumentYear = z
  .number({ error: 'a year has four digits' })
  .int('a year has four digits')
  .min(1000, 'a year has four digits')
  .max(9999, 'a year has four digits');

/** A rating the person set, with their reason (null: none given) and when. */
export const PersonCredibility = z.strictObject({
  score: PersonScore,
  reason: z.string().max(MAX_RATING_REASON).nullable(),
  setAt: z.string().min(1),
});
export type PersonCredibility = z.infer<typeof PersonCredibility>;

/** Everything the person said about one document; null members: nothing said. */
export const DocumentAnnotation = z.strictObject({
  credibility: PersonCredibility.nullable(),
  year: DocumentYear.nullable(),
});
export type DocumentAnnotation = z.infer<typeof DocumentAnnotation>;

export const NO_ANNOTATION: DocumentAnnotation = { credibility: null, year: null };

/**
 * Sets or clears what the person says about a document: a member left out stays as it was, null clears
 * it. An empty reason is no reason.
 */
export const AnnotateInput = z.strictObject({
  sourceVersionId: Id,
  credibility: z
    .strictObject({
      score: PersonScore,
      reason: z.string().trim().max(MAX_RATING_REASON, 'a reason of at most 500 characters').optional(),
    })
    .nullable()
    .optional(),
  year: DocumentYear.nullable().optional(),
});
export type AnnotateInput = z.input<typeof AnnotateInput>;
/** AnnotateInput as checked (the reason trimmed). */
export type AnnotateRequest = z.output<typeof AnnotateInput>;

/** The annotations of the documents a search found, by source version id. */
export const SearchAnnotations = z.record(Id, DocumentAnnotation);
export type SearchAnnotations = z.infer<typeof SearchAnnotations>;

/** What a person typed as a rating, read: a whole number 0..100 or a level's name; or why not, in words. */
export function readRating(text: string): { ok: true; score: number } | { ok: false; message: string } {
  const typed = text.trim();
  if (typed === '') return { ok: false, message: 'Type a rating from 0 to 100, or pick a level.' };
  const level = CREDIBILITY_LEVELS.find((l) => l.name.toLowerCase() === typed.toLowerCase());
  if (level) return { ok: true, score: level.score };
  if (!/^[+-]?\d+(\.\d+)?$/.test(typed))
    return { ok: false, message: `“${typed}” is not a number: type a whole number from 0 to 100.` };
  const value = Number(typed);
  if (!Number.isInteger(value))
    return { ok: false, message: `${typed} is not a whole number: type a whole number from 0 to 100.` };
  if (value < MIN_RATING || value > MAX_RATING)
    return { ok: false, message: `${typed} is outside the scale: a rating runs from 0 to 100.` };
  return { ok: true, score: value };
}

/** What a person typed as a year, read: empty is no year; else four digits. */
export function readYear(text: string): { ok: true; year: number | null } | { ok: false; message: string } {
  const typed = text.trim();
  if (typed === '') return { ok: true, year: null };
  if (!/^\d{4}$/.test(typed))
    return { ok: false, message: `“${typed}” is not a year: type four digits, such as 2024.` };
  return { ok: true, year: Number(typed) };
}

/**
 * A search as the workbench answers it: the service's response, its citations ranked again where the
 * person rated a document or gave its year, and what the person said about each document found.
 */
export const WorkbenchSearchResponse = SearchResponse.extend({
  annotations: SearchAnnotations.optional(),
});
export type WorkbenchSearchResponse = z.infer<typeof WorkbenchSearchResponse>;
