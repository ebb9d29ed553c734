import { toBuffer } from 'bwip-js/node';

/** The value as a Code 128 barcode, a PNG data URI (drawn by bwip-js). */
export const code128DataUri = async (value: string): Promise<string> => {
  const png = await toBuffer({
    bcid: 'code128',
    text: value,
    scale: 2,
    height: 12,
    paddingwidth: 10,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  });
  return `data:image/png;base64,${png.toString('base64')}`;
};
