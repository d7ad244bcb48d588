/**
 * Benchmark documents, generated so the bench needs nothing outside the repo: a many-page text PDF and a
 * large xlsx, both written from scratch in the simplest valid form.
 */
import { strToU8, zipSync } from 'fflate';

/** A text PDF of `pages` pages, each with `lines` lines of prose and figures in Helvetica. */
export function textPdf(pages: number, lines = 45): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1; // object numbers are 1-based
  const catalog = add('');
  const tree = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (let p = 0; p < pages; p++) {
    let text = 'BT /F1 10 Tf 12 TL 56 780 Td\n';
    for (let l = 0; l < lines; l++) {
      const n = p * lines + l;
      text += `(Line ${l + 1}: revenue of region ${n % 97} rose ${(n % 40) / 2}% to $${(n * 37) % 9000},${String(n % 1000).padStart(3, '0')} in Q${(n % 4) + 1}.) Tj T*\n`;
    }
    text += 'ET';
    const content = add(`<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${tree} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${tree} 0 R >>`;
  objects[tree - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

function column(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** An xlsx with one sheet of `rows` x `cols` numeric cells (a few number formats) and a header row. */
export function largeXlsx(rows: number, cols: number): Uint8Array {
  const sheetRows: string[] = [];
  const header = Array.from(
    { length: cols },
    (_, c) => `<c r="${column(c)}1" t="inlineStr"><is><t>Column ${c + 1}</t></is></c>`,
  );
  sheetRows.push(`<row r="1">${header.join('')}</row>`);
  for (let r = 2; r <= rows; r++) {
    const cells: string[] = [];
    for (let c = 0; c < cols; c++) {
      const style = c % 3; // 0 General, 1 #,##0.00, 2 0.0%
      const value = c % 3 === 2 ? ((r * c) % 1000) / 1000 : (r * 7919 + c * 104729) % 1_000_000;
      cells.push(`<c r="${column(c)}${r}" s="${style}"><v>${value}</v></c>`);
    }
    sheetRows.push(`<row r="${r}">${cells.join('')}</row>`);
  }
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    'xl/workbook.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    ),
    'xl/styles.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="4"/><xf numFmtId="165"/></cellXfs><numFmts count="1"><numFmt numFmtId="165" formatCode="0.0%"/></numFmts></styleSheet>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`,
    ),
  };
  return zipSync(files);
}
