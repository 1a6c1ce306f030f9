using Microsoft.AspNetCore.Mvc.ApplicationModels;

namespace FastFormatters.Compatibility.Tests.Infrastructure;

/// <summary>Names each closed <see cref="RoundTripController{T}"/> by its type's <see cref="RouteKey"/>, the <c>[controller]</c> route token.</summary>
[AttributeUsage(AttributeTargets.Class)]
public sealed class RoundTripControllerNameAttribute : Attribute, IControllerModelConvention
{
    public void Apply(ControllerModel controller)
    {
        ArgumentNullException.ThrowIfNull(controller);
        controller.ControllerName = RouteKey.For(controller.ControllerType.GenericTypeArguments[0]);
    }
}
