using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.ApiExplorer;
using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Microsoft.Extensions.Logging;
using FastFormatters.Serialization;

namespace FastFormatters.Mvc;

/// <summary>
/// Where converters are not built by reflection, the body types of a controller action, checked when the app starts
/// as a minimal endpoint's are (<see cref="EndpointContracts"/>): what it returns (through <c>Task&lt;T&gt;</c>,
/// <c>ValueTask&lt;T&gt;</c> and <c>ActionResult&lt;T&gt;</c>; an <see cref="IActionResult"/> says nothing), the types its
/// <c>[ProducesResponseType]</c> declares, and its body parameters.
/// </summary>
internal static class ActionContracts
{
    public static void Check(ControllerActionDescriptor action, MvcOptions mvc, ILogger logger)
    {
        var writers = FormatsOf(mvc.OutputFormatters);
        var returned = Returned(action.MethodInfo.ReturnType);
        if (returned is not null)
        {
            EndpointContracts.Check(returned, reading: false, writers, logger, action.DisplayName ?? action.Id);
        }

        // [ProducesResponseType] and its kin, as ApiExplorer finds them.
        foreach (var filter in action.FilterDescriptors)
        {
            if (filter.Filter is IApiResponseMetadataProvider { Type: { } declared } && declared != typeof(void) && declared != returned)
            {
                EndpointContracts.Check(declared, reading: false, writers, logger, action.DisplayName ?? action.Id);
            }
        }

        foreach (var parameter in action.Parameters)
        {
            if (parameter.BindingInfo?.BindingSource == BindingSource.Body)
            {
                EndpointContracts.Check(parameter.ParameterType, reading: true, FormatsOf(mvc.InputFormatters), logger, action.DisplayName ?? action.Id);
            }
        }
    }

    // The formats of MVC's FastFormatters formatters: with MVC's JSON options, which may differ from the minimal APIs'.
    private static List<FormatSerializer> FormatsOf<TFormatter>(IList<TFormatter> formatters)
    {
        var formats = new List<FormatSerializer>();
        foreach (var formatter in formatters)
        {
            if (formatter is FastOutputFormatter output)
            {
                formats.Add(output.Format);
            }
            else if (formatter is FastInputFormatter input)
            {
                formats.Add(input.Format);
            }
        }

        return formats;
    }

    // The type a return type gives a formatter, or null when it gives none (void, a task, an action result).
    private static Type? Returned(Type type)
    {
        if (type.IsGenericType && (type.GetGenericTypeDefinition() == typeof(Task<>) || type.GetGenericTypeDefinition() == typeof(ValueTask<>)))
        {
            type = type.GetGenericArguments()[0];
        }

        if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(ActionResult<>))
        {
            type = type.GetGenericArguments()[0];
        }

        return type == typeof(void) || type == typeof(Task) || type == typeof(ValueTask)
            || typeof(IActionResult).IsAssignableFrom(type) || typeof(IResult).IsAssignableFrom(type) || typeof(IConvertToActionResult).IsAssignableFrom(type)
            ? null
            : type;
    }
}
