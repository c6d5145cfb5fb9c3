package dev.spendline.standalone;

import dev.spendline.contracts.query.Queries;
import dev.spendline.gateway.config.GatewayConfiguration;
import dev.spendline.gateway.ingest.IngestRoutes;
import dev.spendline.query.app.QueryApiConfiguration;
import dev.spendline.query.security.InternalPortRoute;
import dev.spendline.streams.app.StreamsConfiguration;
import dev.spendline.streams.query.RoutingQueries;
import java.nio.file.Path;
import java.util.List;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpMethod;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.http.server.reactive.ServletHttpHandlerAdapter;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * Gateway, streams-app and query-api in one Spring context behind one base URL. The servlet
 * container serves the query API; the gateway's WebFlux routes are served by the same container
 * through {@link ServletHttpHandlerAdapter} at the two ingest paths, so ingest runs the exact code
 * the standalone gateway service runs.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import({GatewayConfiguration.class, StreamsConfiguration.class, QueryApiConfiguration.class})
public class StandaloneApplication {

    /** The key commands' route ({@link LocalCommandController}), let through by the internal port's chain. */
    @Bean
    InternalPortRoute localCommandRoute() {
        return new InternalPortRoute(HttpMethod.POST, RunningStandalone.PATH);
    }

    /** The operator's commands the Settings page prints, spelled with the real launcher and data directory. */
    @Bean
    LocalCommands operatorCommands(Environment environment) {
        return new LocalCommands(environment.getRequiredProperty(LocalCommands.DATA_DIR_PROPERTY));
    }

    /**
     * What every reader of the standalone reads through: the streams instance's answers, with
     * unpriced usage's fix naming {@code add-price} ({@link PriceHintQueries}). The streams
     * instance's own routes keep its {@link RoutingQueries}. When the operator names a price file
     * of their own, {@code add-price} (which writes the data directory's) would change nothing: the
     * fix then stays the streams instance's, which names the setting.
     */
    @Bean
    @Primary
    Queries queries(RoutingQueries routingQueries, LocalCommands operatorCommands, Environment environment) {
        return readsThrough(routingQueries, operatorCommands, environment);
    }

    /** The reads of {@link #queries}: through {@link PriceHintQueries} unless another price file is named. */
    static Queries readsThrough(Queries streams, LocalCommands commands, Environment environment) {
        Path prices =
                Path.of(environment.getRequiredProperty(Standalone.DATA_DIR)).resolve(AddPrice.FILE);
        if (AddPrice.namedInstead(prices, environment.getProperty(AddPrice.PRICE_BOOK_FILE_PROPERTY))
                .isPresent()) {
            return streams;
        }
        return new PriceHintQueries(streams, commands);
    }

    @Bean
    ServletRegistrationBean<ServletHttpHandlerAdapter> eventsIngestServlet(
            RouterFunction<ServerResponse> ingestRouter) {
        return ingestServlet("ingest-events", IngestRoutes.EVENTS_PATH, ingestRouter);
    }

    @Bean
    ServletRegistrationBean<ServletHttpHandlerAdapter> usageIngestServlet(RouterFunction<ServerResponse> ingestRouter) {
        return ingestServlet("ingest-internal-usage", IngestRoutes.INTERNAL_USAGE_PATH, ingestRouter);
    }

    @Bean
    ServletRegistrationBean<ServletHttpHandlerAdapter> tracesIngestServlet(
            RouterFunction<ServerResponse> ingestRouter) {
        return ingestServlet("ingest-otlp-traces", IngestRoutes.TRACES_PATH, ingestRouter);
    }

    /**
     * The adapter takes one {@code /prefix/*} mapping and treats the prefix as a context path; the
     * router matches full paths, so the context path is reset before routing.
     */
    private static ServletRegistrationBean<ServletHttpHandlerAdapter> ingestServlet(
            String name, String path, RouterFunction<ServerResponse> router) {
        HttpHandler routes = RouterFunctions.toHttpHandler(router);
        HttpHandler fullPath = (request, response) ->
                routes.handle(request.mutate().contextPath("").build(), response);
        ServletRegistrationBean<ServletHttpHandlerAdapter> registration =
                new ServletRegistrationBean<>(new ServletHttpHandlerAdapter(fullPath), path + "/*");
        registration.setName(name);
        registration.setAsyncSupported(true);
        registration.setLoadOnStartup(1);
        registration.setUrlMappings(List.of(path + "/*"));
        return registration;
    }
}
