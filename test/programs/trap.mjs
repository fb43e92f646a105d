// Prints "ready", then on SIGINT, SIGTERM, SIGHUP or SIGQUIT prints "got SIGNAL" and exits 3.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT']) {
  process.on(signal, () => {
    console.log(`got ${signal}`);
    process.exit(3);
  });
}
setInterval(() => {}, 1000);
console.log('ready');
