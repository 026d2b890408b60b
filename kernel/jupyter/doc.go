// Package jupyter runs a kernel.Session as a Jupyter kernel: the Jupyter
// messaging protocol 5.3 over ZeroMQ, with the pure-Go go-zeromq/zmq4 (no
// cgo, no libzmq).
//
// [Serve] binds the five sockets a connection file names: shell and control
// (ROUTER), stdin (ROUTER, unused: cells never ask for input), iopub (PUB)
// and heartbeat (REP, echoing). Every message is signed with HMAC-SHA256
// over its header, parent header, metadata and content; a message whose
// signature does not verify is dropped and logged, and the kernel keeps
// serving. Every request is wrapped in busy and idle status messages on
// iopub whose parent is that request.
//
// Cells run one at a time, in the order their execute_requests arrive; an
// interrupt_request on the control channel cancels the running cell between
// two search steps. [Install] installs a copy of the binary and the
// kernelspec that makes Jupyter start it as "stepviz-kernel kernel
// CONNECTION_FILE", once that kernel has answered kernel_info ([Probe]).
//
// Errors read "jupyter: ...".
package jupyter
