// What every file of the run record counts in: whole bytes, and times as Date#toISOString writes them.
import { z } from 'zod';

export const bytes = z.number().int().nonnegative();
export const time = z.string(); // ISO 8601, as Date#toISOString writes it
