import { BridgeFailure } from '../bridge/router';
import { ClientError } from '../client/types';

/**
 * Runs a service call and turns what the service client reports (ClientError) into a failure the person
 * can act on; the code crosses the bridge as it is. Other errors stay internal.
 */
export async function serviceCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ClientError) {
      const { serviceCode, fields } = error.details;
      throw new BridgeFailure(error.code, error.message, {
        ...(serviceCode !== undefined ? { serviceCode } : {}),
        ...(fields !== undefined && fields.length > 0 ? { fields: fields.slice(0, 50) } : {}),
      });
    }
    throw error;
  }
}
