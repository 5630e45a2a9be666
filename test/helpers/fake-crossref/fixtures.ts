// A small registry for resolver tests: targets with their realistic twins (a correction, a meeting
// abstract a year earlier, a book chapter, a preprint), a retracted work and its notice, and unrelated works.

import type { RegistryWork } from './types.ts';
import { startFakeCrossref, type FakeCrossref, type FakeCrossrefOptions } from './server.ts';

const a = (given: string, family: string) => ({ given, family });

export const WORKS: RegistryWork[] = [
  {
    DOI: '10.1000/heart.2009.1', title: ['Effects of daily stress on autonomic cardiac control in patients with coronary artery disease'],
    author: [a('S. L.', 'Bacon'), a('L. L.', 'Watkins'), a('M.', 'Babyak')], issued: { 'date-parts': [[2004]] },
    'container-title': ['American Journal of Cardiology'], 'short-container-title': ['Am J Cardiol'], volume: '93', issue: '10', page: '1292-1294', type: 'journal-article',
  },
  {
    DOI: '10.1000/heart.corr', title: ['Correction: Effects of daily stress on autonomic cardiac control in patients with coronary artery disease'],
    author: [a('S. L.', 'Bacon'), a('L. L.', 'Watkins'), a('M.', 'Babyak')], issued: { 'date-parts': [[2004]] },
    'container-title': ['American Journal of Cardiology'], volume: '94', page: '1500', type: 'journal-article',
  },
  {
    DOI: '10.1000/abs.2003.77', title: ['Effects of daily stress on autonomic cardiac control in patients with coronary artery disease'],
    author: [a('S. L.', 'Bacon'), a('L. L.', 'Watkins')], issued: { 'date-parts': [[2003]] },
    'container-title': ['Psychosomatic Medicine'], volume: '65', issue: 'Suppl 1', page: 'A12', type: 'journal-article',
  },
  {
    DOI: '10.1000/stroke.2010', title: ['The science of stroke: mechanisms in search of treatments'],
    author: [a('M. A.', 'Moskowitz'), a('E. H.', 'Lo'), a('C.', 'Iadecola')], issued: { 'date-parts': [[2010]] },
    'container-title': ['Neuron'], volume: '67', issue: '2', page: '181-198', type: 'journal-article',
  },
  {
    DOI: '10.1000/stroke.chapter', title: ['The science of stroke: mechanisms in search of treatments'],
    author: [a('M. A.', 'Moskowitz')], issued: { 'date-parts': [[2011]] },
    'container-title': ['Handbook of Clinical Neurology'], page: '1-20', type: 'book-chapter',
  },
  {
    DOI: '10.1000/retracted.1', title: ['Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children'],
    author: [a('A. J.', 'Wakefield'), a('S. H.', 'Murch')], issued: { 'date-parts': [[1998]] },
    'container-title': ['The Lancet'], volume: '351', issue: '9103', page: '637-641', type: 'journal-article',
    'updated-by': [{ DOI: '10.1000/retraction.notice', type: 'retraction', source: 'retraction-watch', updated: { 'date-parts': [[2010, 2, 6]] } }],
  },
  {
    DOI: '10.1000/retraction.notice', title: ['Retraction—Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children'],
    author: [a('', 'The Editors of The Lancet')], issued: { 'date-parts': [[2010]] }, 'container-title': ['The Lancet'], volume: '375', page: '445', type: 'journal-article',
    'update-to': [{ DOI: '10.1000/retracted.1', type: 'retraction', updated: { 'date-parts': [[2010, 2, 6]] } }],
  },
  {
    DOI: '10.1000/gold.nano', title: ['Oligonucleotide-modified gold nanoparticles for intracellular gene regulation'],
    author: [a('N. L.', 'Rosi'), a('D. A.', 'Giljohann'), a('C. S.', 'Thaxton')], issued: { 'date-parts': [[2006]] },
    'container-title': ['Science'], volume: '312', issue: '5776', page: '1027-1030', type: 'journal-article',
  },
  {
    DOI: '10.1000/gold.preprint', title: ['Oligonucleotide-modified gold nanoparticles for intracellular gene regulation'],
    author: [a('N. L.', 'Rosi'), a('D. A.', 'Giljohann')], issued: { 'date-parts': [[2005]] },
    'container-title': ['bioRxiv'], type: 'posted-content',
  },
  {
    DOI: '10.1000/other.1', title: ['A calcimimetic agent lowers plasma parathyroid hormone levels in patients with secondary hyperparathyroidism'],
    author: [a('W. G.', 'Goodman'), a('J. M.', 'Frazao')], issued: { 'date-parts': [[2000]] },
    'container-title': ['Kidney International'], volume: '58', issue: '1', page: '436-445', type: 'journal-article',
  },
  {
    DOI: '10.1000/other.2', title: ['Optimizing well-being: the empirical encounter of two traditions'],
    author: [a('C. L. M.', 'Keyes'), a('D.', 'Shmotkin'), a('C. D.', 'Ryff')], issued: { 'date-parts': [[2002]] },
    'container-title': ['Journal of Personality and Social Psychology'], volume: '82', issue: '6', page: '1007-1022', type: 'journal-article',
  },
  {
    DOI: '10.1000/acs.1', title: ['Pharmacist interventions in ambulatory care'],
    author: [a('E. M.', 'Perfetto'), a('L. S.', 'Morris')], issued: { 'date-parts': [[1996]] },
    'container-title': ['Annals of Pharmacotherapy'], 'short-container-title': ['Ann Pharmacother'], volume: '30', issue: '10', page: '1117-1121', type: 'journal-article',
  },
];

export const REFS = {
  bacon: 'Bacon, S. L., Watkins, L. L., Babyak, M., et al. (2004). Effects of daily stress on autonomic cardiac control in patients with coronary artery disease. American Journal of Cardiology, 93, 1292-1294.',
  stroke: 'Moskowitz MA, Lo EH, Iadecola C. The science of stroke: mechanisms in search of treatments. Neuron. 2010;67:181-98.',
  retracted: 'Wakefield AJ, Murch SH. Ileal-lymphoid-nodular hyperplasia, non-specific colitis, and pervasive developmental disorder in children. Lancet 1998;351:637-41.',
  nano: 'Rosi NL, Giljohann DA, Thaxton CS (2006) Oligonucleotide-modified gold nanoparticles for intracellular gene regulation. Science 312:1027-1030.',
  acs: 'Perfetto, E. M.; Morris, L. S. Annals of Pharmacotherapy 1996, 30, 1117–1121.',
  /** Its work is not in the registry: only look-alikes are. */
  absent: 'Bacon SL, Campbell TS. Stress and heart rate variability in older women with coronary artery disease. Psychosom Med. 2008;70:912-19.',
  noDoi: 'Eckardt, D., Holleck, L.: Z. Elektrochem. 59, 202 (1955).',
};

/** A fake registry over WORKS, with limits high enough never to throttle unless a test sets them. */
export function startFake(options: Partial<FakeCrossrefOptions> = {}): Promise<FakeCrossref> {
  return startFakeCrossref({ works: WORKS, polite: { search: 1000, lookup: 1000, concurrency: 100 }, public: { search: 1000, lookup: 1000, concurrency: 100 }, ...options });
}
