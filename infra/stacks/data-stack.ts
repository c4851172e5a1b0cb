import { Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { tableSpec } from '#data/table-spec';
import { tableName } from '../names';
import type { StageConfig } from '../stage-config';

const stringKey = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });

/** The one table, built from the table spec (keys, TTL, GSIs) so CDK, the local CreateTable and ElectroDB agree. */
export class DataStack extends Stack {
  readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string, props: StackProps & { config: StageConfig }) {
    super(scope, id, props);
    const { config } = props;
    this.table = new dynamodb.Table(this, 'Table', {
      tableName: tableName(config),
      partitionKey: stringKey(tableSpec.partitionKey),
      sortKey: stringKey(tableSpec.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: tableSpec.ttlAttribute,
      // The outbox (table-spec.ts): the stream consumers read each change's new image.
      stream: dynamodb.StreamViewType[tableSpec.stream],
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: config.deletionProtection,
      removalPolicy: config.removalPolicy,
    });
    for (const [indexName, index] of Object.entries(tableSpec.indexes)) {
      this.table.addGlobalSecondaryIndex({
        indexName,
        partitionKey: stringKey(index.partitionKey),
        sortKey: stringKey(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
  }
}
