// The run record: its schema (the contract), the writer the supervisor holds, the tolerant reader,
// and which peak a record presents.
export * from './peaks.js';
export {
  forEachAttemptDiagnoses,
  forEachEvent,
  forEachRecordLine,
  forEachSample,
  type RunRecordFiles,
  readExactPeaks,
  readRunFiles,
} from './reader.js';
export * from './schema.js';
export { diagnosesFileName, openRunRecord, type RunRecord } from './writer.js';
