import { dynamo } from '#lib/clients/dynamo';
import { config } from '#lib/config';
import { createService, type DataService } from './entities';

let service: DataService | undefined;

/** The ElectroDB service on the configured table, built once per cold start. */
export const db = (): DataService => (service ??= createService(dynamo(), config.tableName));
