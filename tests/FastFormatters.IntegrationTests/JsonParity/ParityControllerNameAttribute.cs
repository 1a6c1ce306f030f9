using Microsoft.AspNetCore.Mvc.ApplicationModels;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>Names each closed <see cref="ParityController{T}"/> by its catalog key, so its route is <c>/mvc/{key}</c>.</summary>
[AttributeUsage(AttributeTargets.Class)]
public sealed class ParityControllerNameAttribute : Attribute, IControllerModelConvention
{
    public void Apply(ControllerModel controller)
    {
        ArgumentNullException.ThrowIfNull(controller);
        controller.ControllerName = ParityCatalog.For(controller.ControllerType.GetGenericArguments()[0]).Key;
    }
}
