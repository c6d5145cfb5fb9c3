/** Sign-in and sign-up attempts counted in the control-plane database, shared by every instance. */
package dev.spendline.controlplane.signin;
