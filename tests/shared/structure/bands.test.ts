import { describe, expect, it } from 'vitest';
import { bandPattern, isBandLabel } from '../../../shared/structure';
import { bandColumn } from '../../../service/extract/readers/pdf-tables';

// A row label that is a band of whole numbers is named by a claim that writes the same band.

const says = (label: string, claim: string) => bandPattern(label)?.test(claim.toLowerCase()) ?? null;

describe('bandPattern: the ways a claim writes a band', () => {
  it.each([
    ['25-34', 'people aged 25-34'],
    ['25-34', 'people aged 25 – 34'],
    ['25-34', 'people aged 25 to 34'],
    ['25-34', 'people between 25 and 34'],
    ['25–34 years', 'those aged 25 to 34'],
    ['65 and over', 'people aged 65 and over'],
    ['65 and over', 'the 65+ group'],
    ['65+', 'people 65 or older'],
    ['65 years and over', 'those aged 65 and older'],
    ['Under 5', 'children under 5'],
    ['More Than 5 Years', 'obligations due in more than 5 years'],
    ['Over 65', 'people over 65'],
    ['Up to 3 years', 'loans of up to 3 years'],
    ['Under 18 years', 'offenders under 18'],
    ['Under 18 years', 'offenders under 18 years old'],
    ['Less than 5', 'children younger than 5'],
    ['$10,000 to $14,999', 'households earning $10,000 to $14,999'],
    ['$10,000 to $14,999', 'households earning 10000-14999 dollars'],
  ])('%s is named by "%s"', (label, claim) => {
    expect(says(label, claim)).toBe(true);
  });

  it.each([
    ['25-34', 'people aged 16-24'],
    ['25-34', 'people aged 25-49'],
    ['25-34', 'people aged 125-34'],
    ['25-34', 'people aged 25-345'],
    ['25-34', 'a rate of 25.5-34'],
    ['65 and over', 'people aged 75 and over'],
    ['Under 5', 'children under 15'],
    ['Under 18 years', 'offenders under 21'],
    ['More Than 5 Years', 'obligations due in 5 years and over'],
    ['More Than 5 Years', 'obligations due in more than 15 years'],
    ['Up to 3 years', 'loans of under 3 years'],
  ])('%s is not named by "%s"', (label, claim) => {
    expect(says(label, claim)).toBe(false);
  });

  it('labels with words, periods and decimals are no bands', () => {
    for (const label of ['Texas', 'District 20', '2019', 'Q3 2024', '12.1-14.3', 'Level 2 assets']) {
      expect(bandPattern(label), label).toBeNull();
      expect(isBandLabel(label), label).toBe(false);
    }
  });

  it('every band a claim can name is a band label; a band named by its words is one too', () => {
    for (const label of ['25-34', '65 and over', '65+', 'Under 5', '$10,000 to $14,999', '81 in poi'])
      expect(isBandLabel(label), label).toBe(true);
    expect(bandPattern('81 in poi')).toBeNull();
  });
});

describe('bandColumn: a column of bands labels its rows', () => {
  it('ages, incomes and an open band read as labels', () => {
    expect(bandColumn(['18-75', '76-80', '81 in poi'])).toBe(true);
    expect(bandColumn(['Under 16', '16-24', '25-49', '50+', 'All ages'])).toBe(true);
    expect(bandColumn(['Less than $10,000', '$10,000 to $14,999', '$15,000 to $24,999'])).toBe(true);
  });

  it('figures, intervals and a single band do not', () => {
    expect(bandColumn(['1,234', '2,345', '3,456'])).toBe(false);
    expect(bandColumn(['12.1-14.3', '10.2-11.9', '8.0-9.5'])).toBe(false);
    expect(bandColumn(['18-75', '1,234', '2,345'])).toBe(false);
    expect(bandColumn(['18-75', 'Total'])).toBe(false);
  });
});
