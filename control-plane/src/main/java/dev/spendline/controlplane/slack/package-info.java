/** The Slack app's installations, install states and handled event ids in the control-plane database. */
package dev.spendline.controlplane.slack;
