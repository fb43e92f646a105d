// Follows its arguments in order: `print:TEXT`, `sleep:MS`, `exit:N` (default exit 0).
for (const step of process.argv.slice(2)) {
  const [verb, ...rest] = step.split(':');
  const value = rest.join(':');
  if (verb === 'print') console.log(value);
  if (verb === 'error') console.error(value);
  if (verb === 'sleep') await new Promise((resolve) => setTimeout(resolve, Number(value)));
  if (verb === 'exit') process.exit(Number(value));
}
