using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Filters;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.Mvc;

/// <summary>
/// Turns the server's own request-body errors met while a formatter reads the body — 413 for a body over the size
/// limit, 400 for a body shorter than its <c>Content-Length</c>, 408 for one that arrives too slowly — into a
/// ProblemDetails response with that status, instead of an empty response or a 500.
/// </summary>
internal sealed class BadRequestBodyExceptionFilter : IExceptionFilter
{
    public void OnException(ExceptionContext context)
    {
        if (context.ExceptionHandled || context.Exception is not BadHttpRequestException badRequest
            || context.HttpContext.Response.HasStarted)
        {
            return;
        }

        var factory = context.HttpContext.RequestServices.GetRequiredService<ProblemDetailsFactory>();
        var problem = factory.CreateProblemDetails(context.HttpContext, statusCode: badRequest.StatusCode, detail: badRequest.Message);
        context.Result = new ObjectResult(problem) { StatusCode = badRequest.StatusCode };
        context.ExceptionHandled = true;
    }
}
