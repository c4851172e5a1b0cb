import { Stack, type StackProps } from 'aws-cdk-lib';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';

/**
 * The SES identity that authorises the From address: the sending domain when one is configured (publish the
 * DKIM records SES shows), otherwise the address itself (SES mails it a verification link).
 * New accounts start in the SES sandbox, where recipients must be verified too.
 */
export class EmailStack extends Stack {
  readonly identity: ses.EmailIdentity;

  constructor(scope: Construct, id: string, props: StackProps & { config: StageConfig }) {
    super(scope, id, props);
    const { config } = props;
    if (config.emailDomain && !config.emailFrom.toLowerCase().endsWith(`@${config.emailDomain.toLowerCase()}`)) {
      throw new Error(`emailFrom ${config.emailFrom} is not on emailDomain ${config.emailDomain}`);
    }
    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity: config.emailDomain ? ses.Identity.domain(config.emailDomain) : ses.Identity.email(config.emailFrom),
    });
  }
}
