import { PNG } from 'pngjs';
import fs from 'node:fs';
const [src, out, y0, h] = process.argv.slice(2);
const img = PNG.sync.read(fs.readFileSync(src));
const H = Math.min(Number(h), img.height - Number(y0));
const o = new PNG({ width: img.width, height: H });
img.data.copy(o.data, 0, Number(y0) * img.width * 4, (Number(y0) + H) * img.width * 4);
fs.writeFileSync(out, PNG.sync.write(o));
