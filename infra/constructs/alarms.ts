import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/**
 * Where alarms go: one SNS topic, encrypted with a key CloudWatch may use (the AWS-managed SNS key
 * refuses CloudWatch), mailed to the `alarmEmail` context address when given.
 */
export class Alarms extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: { email?: string }) {
    super(scope, id);
    const key = new Key(this, 'TopicKey', { description: 'Construction Checklist: encrypts the alarm topic', enableKeyRotation: true });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'Topic', { displayName: 'Construction Checklist alarms', masterKey: key, enforceSSL: true });
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
  }

  /** Alarms as soon as a queue holds a message (a dead-letter queue: something failed every retry). */
  onMessagesIn(queue: IQueue, description: string): Alarm {
    const alarm = new Alarm(this, `${queue.node.id}NotEmpty`, {
      alarmDescription: description,
      metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    return alarm;
  }
}
