package dev.spendline.gateway.ingest;

import java.util.concurrent.Executor;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.util.ClassUtils;
import org.springframework.web.reactive.function.server.ServerRequest;

/**
 * The Netty event loop that serves a request, where its answer is best written: the gateway resumes
 * there once Kafka acknowledged (see {@link EventPublisher#publishEncoded}). Null when the request
 * is not served by Reactor Netty (the standalone serves the same routes from its servlet
 * container), and then nothing changes threads.
 */
final class RequestEventLoop {

    private static final boolean REACTOR_NETTY =
            ClassUtils.isPresent("reactor.netty.Connection", RequestEventLoop.class.getClassLoader());

    private RequestEventLoop() {}

    static Executor of(ServerRequest request) {
        if (!REACTOR_NETTY) {
            return null;
        }
        return Netty.eventLoop(
                ServerHttpRequestDecorator.getNativeRequest(request.exchange().getRequest()));
    }

    /** Apart, so that this class loads without Reactor Netty on the class path. */
    private static final class Netty {
        static Executor eventLoop(Object nativeRequest) {
            return nativeRequest instanceof reactor.netty.Connection connection
                    ? connection.channel().eventLoop()
                    : null;
        }
    }
}
