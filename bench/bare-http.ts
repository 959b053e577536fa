// Baseline (b) of the load benchmark: node:http reading the body and answering 200, nothing else.
import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 0);
createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-length': '0' });
    res.end();
  });
}).listen(port, '127.0.0.1', () => process.stdout.write(`listening on ${port}\n`));
