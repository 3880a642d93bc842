import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactCredentials } from './redact-credentials.js';

test('the password of a URL is blanked, whatever it holds; the rest stays readable', () => {
  assert.equal(
    redactCredentials('got "mysql://gate:s3cret@db.internal:3306/gh"'),
    'got "mysql://gate:[redacted]@db.internal:3306/gh"',
  );
  assert.equal(redactCredentials('postgress://u:p@ss:w0rd@h/db'), 'postgress://u:[redacted]@h/db');
  assert.equal(redactCredentials('postgres://only-user@h/db'), 'postgres://only-user@h/db');
});

test('password=… forms are blanked: libpq strings, query strings, quoted values', () => {
  assert.equal(
    redactCredentials('got "host=db user=gate password=s3cret dbname=gh"'),
    'got "host=db user=gate password=[redacted] dbname=gh"',
  );
  assert.equal(
    redactCredentials("host=db password='two words' sslpassword=k3y"),
    'host=db password=[redacted] sslpassword=[redacted]',
  );
  assert.equal(
    redactCredentials('postgres://h/db?user=gate&password=s3cret&sslmode=require'),
    'postgres://h/db?user=gate&password=[redacted]&sslmode=require',
  );
  assert.equal(redactCredentials('PASSWD = s3cret'), 'PASSWD = [redacted]');
});
