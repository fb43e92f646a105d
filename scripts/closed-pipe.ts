// Imported for its effect by the figure scripts: a reader that stops early (`| head -12`, as the team's
// validation steps print a part's first lines) closes the pipe, and the next write fails with EPIPE.
// Without a listener Node throws it as an unhandled 'error' event with a stack trace; the reader has
// what it asked for, so the script ends quietly instead.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});
