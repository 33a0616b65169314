import { describe, expect, it } from 'vitest';
import {
  checkChosenFile,
  externalPreviewUrl,
  formatFileSize,
  joinAttachmentIds,
  parseAttachmentIds,
  previewKind,
  visibleButtons,
} from './attachmentRules';

describe('attachment rules', () => {
  it('reads the comma-separated ids of the field and writes them back', () => {
    expect(parseAttachmentIds('12, 13,,x,12')).toEqual([12, 13]);
    expect(parseAttachmentIds([5, '6'])).toEqual([5, 6]);
    expect(parseAttachmentIds(undefined)).toEqual([]);
    expect(joinAttachmentIds([1, 2, 3])).toBe('1,2,3');
  });

  it('checks format before size, with the default limit of 102400 KB', () => {
    expect(checkChosenFile({ name: 'a.PNG', size: 1 }, { formats: ['pdf'] })).toEqual({
      kind: 'format',
      formats: 'pdf',
    });
    expect(checkChosenFile({ name: 'a.pdf', size: 2048 }, { formats: ['pdf'], maxSize: 1 })).toEqual({
      kind: 'size',
      size: 1,
    });
    expect(checkChosenFile({ name: 'a.zip', size: 102400 * 1024 }, {})).toBeUndefined();
    expect(checkChosenFile({ name: 'a.zip', size: 102400 * 1024 + 1 }, {})).toEqual({ kind: 'size', size: 102400 });
  });

  it('shows buttons by granted codes unless checkBtnPermit is false', () => {
    expect(visibleButtons({}, new Set(['btnFilePreview']))).toEqual({
      upload: false,
      preview: true,
      download: false,
      delete: false,
    });
    expect(visibleButtons({ checkBtnPermit: false }, new Set())).toEqual({
      upload: true,
      preview: true,
      download: true,
      delete: true,
    });
  });

  it('previews images and PDF in the app and other types through the preview service, with a base64 url', () => {
    expect(['x.JPG', 'y.pdf', 'z.docx'].map(previewKind)).toEqual(['image', 'pdf', 'external']);
    const url = externalPreviewUrl(
      'http://preview:8012/',
      '/api/fileServer/v2/file/download?id=5',
      'https://srm.example.com',
    );
    expect(url).toBe(
      `http://preview:8012/onlinePreview?url=${encodeURIComponent(btoa('https://srm.example.com/api/fileServer/v2/file/download?id=5'))}`,
    );
  });

  it('formats sizes for people', () => {
    expect([
      formatFileSize(512),
      formatFileSize(2048),
      formatFileSize(15 * 1024 * 1024),
      formatFileSize(undefined),
    ]).toEqual(['512 B', '2.0 KB', '15 MB', '']);
  });
});
