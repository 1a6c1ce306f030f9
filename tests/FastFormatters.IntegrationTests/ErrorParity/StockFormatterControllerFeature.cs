using System.Reflection;
using Microsoft.AspNetCore.Mvc.ApplicationParts;
using Microsoft.AspNetCore.Mvc.Controllers;

namespace FastFormatters.IntegrationTests.ErrorParity;

/// <summary>Makes <see cref="StockFormatterController"/> the only controller of a host.</summary>
public sealed class StockFormatterControllerFeature : IApplicationFeatureProvider<ControllerFeature>
{
    public void PopulateFeature(IEnumerable<ApplicationPart> parts, ControllerFeature feature)
    {
        ArgumentNullException.ThrowIfNull(feature);
        feature.Controllers.Clear();
        feature.Controllers.Add(typeof(StockFormatterController).GetTypeInfo());
    }
}
