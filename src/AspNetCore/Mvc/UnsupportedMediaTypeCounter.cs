using FastFormatters.Diagnostics;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.Filters;
using Microsoft.AspNetCore.Mvc.Infrastructure;

namespace FastFormatters.Mvc;

/// <summary>Counts MVC's 415 answers (no input formatter reads the body's media type) in <see cref="FormatterMetrics"/>.</summary>
internal sealed class UnsupportedMediaTypeCounter : IAlwaysRunResultFilter
{
    private readonly FormatterMetrics _metrics;

    public UnsupportedMediaTypeCounter(FormatterMetrics metrics) => _metrics = metrics;

    public void OnResultExecuting(ResultExecutingContext context)
    {
        if (context.Result is IStatusCodeActionResult { StatusCode: StatusCodes.Status415UnsupportedMediaType })
        {
            _metrics.RecordNegotiation(NegotiationRecord.UnsupportedMediaType);
        }
    }

    public void OnResultExecuted(ResultExecutedContext context)
    {
    }
}
