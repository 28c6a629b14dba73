import { describe, expect, it } from 'vitest';
import type { ReviewFacts } from '../../core/review-rules.js';
import { statusAfterFileMove } from './file-status.js';

const song = (facts: Partial<ReviewFacts>): ReviewFacts => ({
  status: 'missing_file',
  reviewed: true,
  approvedFiles: 0,
  pendingFiles: 0,
  ...facts,
});

describe('statusAfterFileMove', () => {
  it.each([
    ['gains its first approved file', song({ approvedFiles: 1 }), 'active'],
    ['keeps an approved file', song({ status: 'active', approvedFiles: 1 }), 'active'],
    ['loses its only file', song({ status: 'active' }), 'missing_file'],
    ['gains a pending upload', song({ pendingFiles: 1 }), 'review'],
    ['is a new song waiting for review', song({ status: 'review', reviewed: false }), 'review'],
    [
      'is a new song waiting for review, given a file',
      song({ status: 'review', reviewed: false, approvedFiles: 1 }),
      'review',
    ],
    ['loses its pending upload', song({ status: 'review' }), 'missing_file'],
    [
      'loses its pending upload but has a file',
      song({ status: 'review', approvedFiles: 1 }),
      'active',
    ],
    ['is unplayable with its file', song({ status: 'unplayable', approvedFiles: 1 }), 'unplayable'],
    ['is unplayable without a file', song({ status: 'unplayable' }), 'missing_file'],
  ])('%s', (_, facts, status) => {
    expect(statusAfterFileMove(facts)).toBe(status);
  });
});
