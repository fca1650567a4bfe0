import { describe, expect, it } from 'vitest';
import { submissionFileName } from '../schemas/assignments.ts';
import { nameWithExtension, withoutUnsafeCharacters } from './fileNames.ts';
import { resourceFileName } from './resourceTypes.ts';

// Issue 50.3: a stored file downloads under a name that cannot run, and reads as it is.
describe('stored file names', () => {
  it('drops the bidirectional controls that make `report\u202Efdp.exe` read as `reportexe.pdf`', () => {
    const controls = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
    for (const control of controls) expect(withoutUnsafeCharacters(`report${control}fdp.exe`)).toBe('reportfdp.exe');
    expect(withoutUnsafeCharacters('C:\\Users\\me\\My "best" photo?.jpg')).toBe('CUsersmeMy best photo.jpg');
    expect(withoutUnsafeCharacters('a\u0000b\nc\u0085d.pdf')).toBe('abcd.pdf');
  });

  it('names a submitted file by its bytes: the stem kept, the sniffed type’s extension forced', () => {
    expect(submissionFileName('a.html', 'application/pdf')).toBe('a.pdf');
    expect(submissionFileName('run me.hta', 'application/pdf')).toBe('run me.pdf');
    expect(submissionFileName('invoice\u202Efdp.exe', 'application/pdf')).toBe('invoicefdp.pdf');
    expect(submissionFileName('scan.pdf\u202E', 'application/pdf')).toBe('scan.pdf');
    expect(submissionFileName('IMG_0042.HEIC', 'image/jpeg')).toBe('IMG_0042.jpg');
    expect(submissionFileName('voice memo.m4a', 'video/mp4')).toBe('voice memo.mp4');
    expect(submissionFileName('../../IMG 1.png', 'image/png')).toBe('IMG 1.png');
    expect(submissionFileName('Évaluation des élèves.pdf', 'application/pdf')).toBe('Évaluation des élèves.pdf');
    expect(submissionFileName('report.pdf.exe', 'application/pdf')).toBe('report.pdf.pdf');
    expect(submissionFileName('..', 'image/png')).toBe('photo.png');
    expect(submissionFileName('', 'application/pdf')).toBe('document.pdf');
    expect(submissionFileName('\u202E', 'audio/mpeg')).toBe('recording.mp3');
    expect(submissionFileName('x'.repeat(300), 'video/webm')).toBe(`${'x'.repeat(200)}.webm`);
  });

  it('applied again to a name it made, changes nothing (names are named again on the way out)', () => {
    for (const name of ['a.pdf', 'report.pdf.pdf', 'IMG 1.pdf', 'document.pdf', 'Évaluation des élèves.pdf', `${'x'.repeat(200)}.pdf`])
      expect(submissionFileName(name, 'application/pdf')).toBe(name);
    expect(resourceFileName('checklist v2.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Checklist')).toBe('checklist v2.xlsx');
  });

  it('names a resource the same way, with its title when nothing of the name is left', () => {
    expect(resourceFileName('consent\u2067fdp.exe', 'application/pdf', 'Consent form')).toBe('consentfdp.pdf');
    expect(resourceFileName('\u202E', 'application/pdf', 'Consent form')).toBe('Consent form.pdf');
    expect(nameWithExtension('', 'pdf', '')).toBe('file.pdf');
  });
});
