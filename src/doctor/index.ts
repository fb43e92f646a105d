// doctor's public API: the pure classifier and checks, the streaming reader, and the adapter that
// feeds a file to them (io/). Run records are examined above doctor (src/examine).
export { type ClassifiedLog, type ClassifierOptions, LogClassifier } from './classify.js';
export { diagnoseClassified } from './diagnose.js';
export { diagnoseText, isMemoryFailure } from './diagnose-text.js';
export { checkEnvironment, type Env, envRules } from './env/env-rules.js';
export { checkAllocConf } from './env/torch-alloc-conf.js';
export { logFactRules, logRules } from './families/index.js';
export { diagnoseLogFile, diagnoseStream, openLog, type StreamedDiagnosis } from './io/read-log.js';
export { checkPythonSource } from './script/check-script.js';
export { parseLogSize } from './sizes.js';
export { LineSplitter } from './stream/line-splitter.js';
export { type LogNumbers, type LogVerdict, logVerdictOf, OutputReader } from './stream/output-reader.js';
export type * from './types.js';
