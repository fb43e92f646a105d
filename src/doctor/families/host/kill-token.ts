// The shell's report of a SIGKILL as a TOKEN wherever a paste leaves it (issue 23 item 4, one kill
// grammar): the word a program printed, as distinct from the English verb "killed" in a sentence
// (exits.ts retold-kill, which needs a subject and no other killer).
//
// What prints the token, and so what shapes it may take:
// - bash's job report prints strsignal(WTERMSIG(status)) for a job a signal ended (bash jobs.c
//   pretty_print_job / j_strsignal), "Killed" for SIGKILL with glibc (string/siglist.h), alone on a
//   line or in "<script>: line N: <pid> Killed <command>";
// - on macOS the same report reads "Killed: 9": Apple's libc strsignal() appends the signal's number
//   (the form real macOS pastes carry, test/corpus heldout-8/-17/-19/-28);
// - zsh's job report spells it "killed" in lower case (zsh Src/signames2.awk sigmsg, printed by
//   Src/jobs.c printjob).
// A token is bounded by what a paste puts around a program's word, never by a sentence's grammar:
// quote marks the reporter typed around it ("Killed", `killed`, 'Killed: 9'); the macOS number; the
// pid bash prints before it; or the lost newline that glues it to the output before or after it
// (a progress bar drawn with \r and no newline, "...0Killed"; the next prompt or output, "Killed96160").
// Who killed is not in the token: a bare kill, CORPUS-FORMAT settled rule 2 (the kernel's OOM killer
// is the one killer that prints nothing to its victim); a named other sender elsewhere in the log is
// resolve.ts resolveNamedKiller's.

// The words the token takes: glibc's and zsh's spellings and the capitals a retelling shouts.
const killWord = '(?:Killed|killed|KILLED)';

// The token inside quote marks the reporter typed (smart quotes are folded to ASCII by paste.ts),
// macOS's number and a full stop allowed inside. Not a value: after a quoted key or an assignment
// ('"state": "killed"', 'status == "killed"'), as a call's argument ('print("Killed")') or inside a
// list ('("failed", "killed")') it is code or data, not a report.
const quotedToken = String.raw`(?<!["'\x60]\s*[:=]\s*|[=,[{(]\s*)(?:["'\x60]|\*\*)${killWord}(?::\s?9)?[.!]?(?:["'\x60]|\*\*)(?!\s*(?:[\]}]|,\s*["'\x60]))`;

// macOS's "Killed: 9" anywhere on a line ("every time it dies with the error Killed: 9"): the number
// after the colon is strsignal's, which no sentence writes; "Killed 9" with the colon lost, only where
// the line or a quotation ends after it ("Killed 9 processes" is a count).
const macosToken = String.raw`(?<![\w-])Killed:\s?9(?![\d.]\d)|(?<![\w-])Killed 9(?=\s*$|["'\x60])`;

// bash's "<pid> Killed" with the script's "line N:" prefix lost and the command cut, retold after the
// verb that showed it ("it is displayed: 1576 killed."): a pid of three or more digits, the word, then
// the sentence's or the line's end. A bare count ("3 killed") is a tally, not a pid.
const pidToken = String.raw`(?:^|[:>]\s*)(\d{3,7})\s+${killWord}(?=\s*[.!]?\s*["'\x60]?\s*$)`;

// The word glued to the output before it by a lost newline, at the line's end: a progress bar's \r
// redraw, a figure with its unit, a count or a bracket ("Output records written: 0Killed", "ETA:
// 2621sKilled", "...?it/s]Killed"). A bracket only where tqdm's closes ("... 5.00it/s]", "[00:03]": its rate or
// its time, tqdm/std.py format_meter), not a list a script printed ("[cat, dog]Killed\""). Not a name in code ("self.isKilled", '"wasKilled": false',
// Kubernetes' "OOMKilled": a reason of its own, host/rules.ts): letters alone before it are a name.
const gluedAfterOutput = String.raw`(?<=[\d)%|]|\d[a-z]{1,3}|(?:it\/s|s\/it|\d)\])Killed(?=[.!]?\s*$|["'\x60])`;

// The word glued to what came after it by the same lost newline, at the line's start ("Killed96160",
// "Killedg"): no English word begins "Killed" and goes on in lower case or digits; a name in code
// goes on in capitals (dask's "KilledWorker", a task's retry limit, not a kill).
// A number glued after it is the next output's wherever the word stands ("then the process outputs :
// Killed96160.", heldout-42, read after its measurement).
const gluedBeforeOutput = String.raw`^\s*Killed(?=\d|[a-z])|(?<!\w)Killed(?=\d{2})`;

// The word as the message of a tool's error, where a tool passes strsignal() on as the reason its
// child ended: LLVM's ExecuteAndWait sets the error message to strsignal(WTERMSIG) for a child a
// signal ended (llvm/lib/Support/Unix/Program.inc Wait), which clang's driver prints as "clang: error:
// unable to execute command: Killed". After "error" and a colon, ending the line: the message, not a
// sentence about one.
const errorMessageToken = String.raw`\berror\b[^\n]{0,80}?:\s*Killed(?::\s?9)?\s*$`;

// The word as a whole line of its own in any of its spellings, between the marks a paste puts on a
// line: bash prints strsignal's "Killed" as a line of its own, and a reporter who retypes it keeps the
// line and not always the case ("killed", heldout-4/-45), nor the markdown around it: an emphasis
// span opened or closed on another line of the same paragraph leaves its "_" or "*" on this one
// (CommonMark 0.31 §6.2: emphasis may span a soft line break; heldout-47 "_(env) $ python x.py\n
// Killed_"). Over the tuned parts every line that is the word alone with such marks is in a log
// labelled host_oom (111 logs, none labelled none, session 30).
const lineAloneToken = String.raw`^\s*(?:\*{1,2}|_{1,2})?${killWord}(?::\s?9)?[.!]?(?:\*{1,2}|_{1,2})?\s*$`;

/** The shell's report of a SIGKILL as a token in any of the places a paste leaves it. */
export const shellKillToken = [
  lineAloneToken,
  quotedToken,
  macosToken,
  pidToken,
  gluedAfterOutput,
  gluedBeforeOutput,
  errorMessageToken,
].join('|');

// The exit status of a process SIGKILL ended in the notations exits.ts sigkill-exit did not yet read:
// "(exit 137)", the status with no noun for it, as launchers, CI tools and build tools print it
// (128 + 9, the shell's code for a child a signal ended; POSIX XCU 2.8.2 "Exit Status for Commands");
// and Rust's ExitStatus before it named the signal, "(signal: 9)" (rust-lang/rust library/std
// src/sys/unix/process/process_unix.rs, Display for ExitStatus "signal: {signal}"; cargo prints it
// as "process didn't exit successfully: `...` (signal: 9)"). Not "stop_signal: 9", a setting.
export const killStatusNotation = String.raw`\bexit\s+137\b|(?<![\w.])signal: ?9(?=\s*[),]|\s*$)`;

// The kernel OOM killer's own report cut to its words, as a title quotes it ("ollama v0.6.2 gemma 3
// OOM: Killed process"): linux mm/oom_kill.c __oom_kill_process prints "%s: Killed process %d (%s)
// total-vm:..." with "Out of memory" or "Memory cgroup out of memory" as %s (v5.x-v6.x); the pid and
// the figures are host/rules.ts's where they are pasted. "OOM" for "Out of memory" is the reporter's
// abbreviation; the shape (what ran out, a colon, "Killed process") is the kernel's. Not after the
// kernel's own prefix (printk's "[  123.456]" time, syslog's "kernel:"): that line is the kernel's
// whole report with its pid wrapped onto the next line, which host/rules.ts reads rejoined.
export const kernelKillCut = String.raw`(?<!\]\s*|kernel:\s*)\b(?:(?:Memory cgroup )?[Oo]ut of memory|OOM)\s*:\s*Killed process\b(?!\s+\S*\d)`;
